// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Errors} from "@openzeppelin/contracts/interfaces/draft-IERC6093.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {EternoVault} from "../../src/EternoVault.sol";
import {VaultSigning} from "../utils/VaultSigning.sol";

/// @notice Random deposits, withdrawals, exchanges and fundings by a few users, replays of used vouchers,
///         expired vouchers and vouchers of a retired signer, and the owner's actions (setToken, pause and
///         unpause, signer proposal / activation / cancellation), with time passing. Each call's outcome is
///         predicted from the state before it; a refusal must be the predicted one. Records every movement.
contract EternoVaultHandler is VaultSigning {
    EternoVault public immutable vault;
    IERC20[] public tokens;
    address[] public users;
    address public immutable funder = address(0xF00D);

    uint256 public signerKey;
    uint256 public pendingKey;
    uint256 public retiredKey;
    uint256 private keySeq = 0x5100;

    /// @dev The last voucher that paid, kept for replays.
    WithdrawMsg private lastVoucher;
    Sig private lastSig;
    bool private haveLast;

    mapping(address token => uint256 amount) public ghostDeposited;
    mapping(address token => uint256 amount) public ghostFunded;
    mapping(address token => uint256 amount) public ghostExchangedIn;
    mapping(address token => uint256 amount) public ghostPaidOut;
    mapping(address token => mapping(uint256 day => uint256 amount)) public ghostPaidOnDay;
    mapping(address user => mapping(uint8 kind => uint256 count)) public ghostAccepted;
    uint256 public ghostSignedWithdraw;
    uint256 public ghostPaidWithdraw;
    /// @dev Each must stay 0: a replay, an expired voucher or a retired signer's voucher that paid; a payout over a cap.
    uint256 public ghostReplaysPaid;
    uint256 public ghostExpiredPaid;
    uint256 public ghostRetiredPaid;
    uint256 public ghostCapBreaches;

    uint256 public calls;
    uint256 public refusals;

    constructor(EternoVault vault_, IERC20[] memory tokens_, address[] memory users_, uint256 signerKey_) {
        vault = vault_;
        tokens = tokens_;
        users = users_;
        signerKey = signerKey_;
    }

    function userCount() external view returns (uint256) {
        return users.length;
    }

    function tokenCount() external view returns (uint256) {
        return tokens.length;
    }

    // ------------------------------------------------------------ users

    function deposit(uint256 userSeed, uint256 tokenSeed, uint256 amount, uint256 custom) external {
        address user = users[userSeed % users.length];
        IERC20 token = tokens[tokenSeed % tokens.length];
        uint256 balance = token.balanceOf(user);
        if (balance == 0) return;
        amount = bound(amount, 1, balance < 50_000e18 ? balance : 50_000e18);
        DiveInMsg memory m =
            DiveInMsg(user, custom % 3, 0, address(token), amount, vault.nonces(user, 0), block.timestamp + 30 minutes);
        Sig memory sig = signDiveIn(signerKey, address(vault), m);
        (bool allowed,,,) = vault.tokenInfo(address(token));
        bytes memory expected = vault.paused()
            ? abi.encodeWithSelector(Pausable.EnforcedPause.selector)
            : !allowed ? abi.encodeWithSelector(EternoVault.TokenNotAllowed.selector, address(token)) : bytes("");

        uint256 held = token.balanceOf(address(vault));
        vm.prank(user);
        try vault.diveInWithToken(m.custom, m.custom1, m.token, m.amount, m.deadline, sig.r, sig.s, sig.v) {
            require(expected.length == 0, "a deposit that should be refused went through");
            ghostDeposited[address(token)] += token.balanceOf(address(vault)) - held;
            ghostAccepted[user][0]++;
            calls++;
        } catch (bytes memory reason) {
            require(keccak256(reason) == keccak256(expected), "a deposit refused for the wrong reason");
            refusals++;
        }
    }

    function withdraw(uint256 userSeed, uint256 tokenSeed, uint256 amount) external {
        address user = users[userSeed % users.length];
        IERC20 token = tokens[tokenSeed % tokens.length];
        amount = bound(amount, 1, 120_000e18);
        WithdrawMsg memory m =
            WithdrawMsg(user, address(token), amount, vault.nonces(user, 1), block.timestamp + 30 minutes);
        Sig memory sig = signWithdraw(signerKey, address(vault), m);
        ghostSignedWithdraw += amount;
        bytes memory expected = payoutRefusal(address(token), amount);

        vm.prank(user);
        try vault.withdraw(m.token, m.amount, m.deadline, sig.r, sig.s, sig.v) {
            require(expected.length == 0, "a withdrawal that should be refused went through");
            recordPayout(address(token), amount);
            ghostPaidWithdraw += amount;
            ghostAccepted[user][1]++;
            lastVoucher = m;
            lastSig = sig;
            haveLast = true;
            calls++;
        } catch (bytes memory reason) {
            require(keccak256(reason) == keccak256(expected), "a withdrawal refused for the wrong reason");
            refusals++;
        }
    }

    function exchange(uint256 userSeed, uint256 inSeed, uint256 outSeed, uint256 amountIn, uint256 amountOut) external {
        address user = users[userSeed % users.length];
        uint256 inIndex = inSeed % tokens.length;
        IERC20 tokenIn = tokens[inIndex];
        IERC20 tokenOut = tokens[(inIndex + 1 + outSeed % (tokens.length - 1)) % tokens.length];
        uint256 balance = tokenIn.balanceOf(user);
        if (balance == 0) return;
        amountIn = bound(amountIn, 1, balance < 50_000e18 ? balance : 50_000e18);
        amountOut = bound(amountOut, 1, 120_000e18);
        ExchangeMsg memory m = ExchangeMsg(
            user,
            address(tokenIn),
            amountIn,
            address(tokenOut),
            amountOut,
            vault.nonces(user, 2),
            block.timestamp + 2 minutes
        );
        Sig memory sig = signExchange(signerKey, address(vault), m);
        (bool allowed,,,) = vault.tokenInfo(address(tokenIn));
        bytes memory expected;
        if (vault.paused()) {
            expected = abi.encodeWithSelector(Pausable.EnforcedPause.selector);
        } else if (!allowed) {
            expected = abi.encodeWithSelector(EternoVault.TokenNotAllowed.selector, address(tokenIn));
        } else if (receivedOf(tokenIn, amountIn) < amountIn) {
            expected = abi.encodeWithSelector(
                EternoVault.InsufficientReceived.selector, amountIn, receivedOf(tokenIn, amountIn)
            );
        } else {
            expected = payoutRefusal(address(tokenOut), amountOut);
        }

        uint256 heldIn = tokenIn.balanceOf(address(vault));
        vm.prank(user);
        try vault.pureTransfer(m.amountIn, m.amountOut, m.tokenIn, m.tokenOut, m.deadline, sig.r, sig.s, sig.v) {
            require(expected.length == 0, "an exchange that should be refused went through");
            ghostExchangedIn[address(tokenIn)] += tokenIn.balanceOf(address(vault)) - heldIn;
            recordPayout(address(tokenOut), amountOut);
            ghostAccepted[user][2]++;
            calls++;
        } catch (bytes memory reason) {
            require(keccak256(reason) == keccak256(expected), "an exchange refused for the wrong reason");
            refusals++;
        }
    }

    function fund(uint256 tokenSeed, uint256 amount) external {
        IERC20 token = tokens[tokenSeed % tokens.length];
        amount = bound(amount, 1, 100_000e18);
        uint256 held = token.balanceOf(address(vault));
        vm.startPrank(funder);
        token.approve(address(vault), amount);
        vault.fund(address(token), amount);
        vm.stopPrank();
        ghostFunded[address(token)] += token.balanceOf(address(vault)) - held;
    }

    /// @dev The voucher that paid last, sent again by its user: must be refused.
    function replayLastVoucher() external {
        if (!haveLast) return;
        WithdrawMsg memory m = lastVoucher;
        Sig memory sig = lastSig;
        vm.prank(m.user);
        try vault.withdraw(m.token, m.amount, m.deadline, sig.r, sig.s, sig.v) {
            ghostReplaysPaid++;
        } catch {
            refusals++;
        }
    }

    /// @dev A voucher of the current signer whose deadline has passed: must be refused.
    function expiredVoucher(uint256 userSeed, uint256 tokenSeed, uint256 late) external {
        address user = users[userSeed % users.length];
        address token = address(tokens[tokenSeed % tokens.length]);
        uint256 deadline = block.timestamp - bound(late, 1, 1 days);
        WithdrawMsg memory m = WithdrawMsg(user, token, 1e18, vault.nonces(user, 1), deadline);
        Sig memory sig = signWithdraw(signerKey, address(vault), m);
        vm.prank(user);
        try vault.withdraw(m.token, m.amount, m.deadline, sig.r, sig.s, sig.v) {
            ghostExpiredPaid++;
        } catch {
            refusals++;
        }
    }

    /// @dev A fresh voucher signed by the signer retired in the last rotation: must be refused.
    function retiredSignerVoucher(uint256 userSeed, uint256 tokenSeed) external {
        if (retiredKey == 0) return;
        address user = users[userSeed % users.length];
        address token = address(tokens[tokenSeed % tokens.length]);
        WithdrawMsg memory m = WithdrawMsg(user, token, 1e18, vault.nonces(user, 1), block.timestamp + 30 minutes);
        Sig memory sig = signWithdraw(retiredKey, address(vault), m);
        vm.prank(user);
        try vault.withdraw(m.token, m.amount, m.deadline, sig.r, sig.s, sig.v) {
            ghostRetiredPaid++;
        } catch {
            refusals++;
        }
    }

    // ------------------------------------------------------------ owner

    function setToken(uint256 tokenSeed, bool allowed, uint256 perTxCap, uint256 perDayCap) external {
        address token = address(tokens[tokenSeed % tokens.length]);
        vault.setToken(token, allowed, bound(perTxCap, 0, 150_000e18), bound(perDayCap, 0, 400_000e18));
    }

    function togglePause() external {
        if (vault.paused()) vault.unpause();
        else vault.pause();
    }

    function proposeSigner() external {
        pendingKey = ++keySeq;
        vault.proposeSigner(vm.addr(pendingKey));
    }

    function activateSigner() external {
        if (pendingKey == 0 || block.timestamp < vault.pendingSignerEta()) return;
        vault.activateSigner();
        retiredKey = signerKey;
        signerKey = pendingKey;
        pendingKey = 0;
    }

    function cancelSignerProposal() external {
        if (pendingKey == 0) return;
        vault.cancelSignerProposal();
        pendingKey = 0;
    }

    function warp(uint256 seconds_) external {
        vm.warp(block.timestamp + bound(seconds_, 1, 2 days));
    }

    // ------------------------------------------------------------ internals

    /// @dev The refusal a payout of `amount` of `token` must meet now, or "" when it must pay.
    function payoutRefusal(address token, uint256 amount) private view returns (bytes memory) {
        if (vault.paused()) return abi.encodeWithSelector(Pausable.EnforcedPause.selector);
        (, uint256 perTxCap, uint256 perDayCap, uint256 paidToday) = vault.tokenInfo(token);
        if (amount > perTxCap) return abi.encodeWithSelector(EternoVault.OverTxCap.selector, amount, perTxCap);
        uint256 remaining = perDayCap > paidToday ? perDayCap - paidToday : 0;
        if (amount > remaining) return abi.encodeWithSelector(EternoVault.OverDayCap.selector, amount, remaining);
        uint256 held = IERC20(token).balanceOf(address(vault));
        if (amount <= held) return "";
        bytes4 short = IERC20Errors.ERC20InsufficientBalance.selector;
        if (token != address(tokens[tokens.length - 1])) {
            return abi.encodeWithSelector(short, address(vault), held, amount);
        }
        // The fee token burns its 1 % from the sender first, then moves the rest: whichever part fails names it.
        uint256 fee = amount / 100;
        if (fee > held) return abi.encodeWithSelector(short, address(vault), held, fee);
        return abi.encodeWithSelector(short, address(vault), held - fee, amount - fee);
    }

    /// @dev What the vault receives of `amount` sent in `token` (the fee token, the last one, burns 1 %).
    function receivedOf(IERC20 token, uint256 amount) private view returns (uint256) {
        return address(token) == address(tokens[tokens.length - 1]) ? amount - amount / 100 : amount;
    }

    function recordPayout(address token, uint256 amount) private {
        (, uint256 perTxCap, uint256 perDayCap, uint256 paidToday) = vault.tokenInfo(token);
        if (amount > perTxCap || paidToday > perDayCap) ghostCapBreaches++;
        ghostPaidOut[token] += amount;
        ghostPaidOnDay[token][block.timestamp / 1 days] += amount;
    }
}
