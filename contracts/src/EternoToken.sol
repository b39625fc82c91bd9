// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";

/// @title EternoToken
/// @author ETERNO
/// @notice A fixed-supply ERC-20 token with EIP-2612 permit, used for every ETERNO token
///         (UNITS, USDT, ETRO, EUSD, PUSD). The whole supply is minted once, in the constructor;
///         there is no owner and no way to mint or burn afterwards.
/// @dev All instances use 18 decimals (the OpenZeppelin default); the app chooses display digits.
contract EternoToken is ERC20, ERC20Permit {
    /// @notice Creates the token and mints its whole, fixed supply to `recipient`.
    /// @param name_ The token name (also the EIP-712 domain name used by permit).
    /// @param symbol_ The token symbol.
    /// @param initialSupply The total supply, in base units (18 decimals).
    /// @param recipient The account that receives the whole supply; must not be the zero address.
    constructor(string memory name_, string memory symbol_, uint256 initialSupply, address recipient)
        ERC20(name_, symbol_)
        ERC20Permit(name_)
    {
        _mint(recipient, initialSupply);
    }
}
